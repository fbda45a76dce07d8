#if !canImport(CatalogScanner)
    import Testing

    /// Without the toolchain's SwiftParser the scanner is not built, and neither are its
    /// tests: this one says so in the test report instead of the suite vanishing.
    @Test(
        .disabled(
            "the scanner's tests need the toolchain's SwiftParser, which was not found (set CATALOG_SWIFT_HOST_LIBS to <toolchain>/usr/lib/swift/host)"
        ))
    func scannerTestsNeedSwiftParser() {}
#endif
