import CatalogCLI

CatalogCLI.main()
