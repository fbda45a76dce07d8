#ifndef CATALOG_CSQLITE_SHIM_H
#define CATALOG_CSQLITE_SHIM_H

// Debian's libsqlite3 is compiled with the session extension and the
// pre-update hook; these defines expose their declarations in sqlite3.h.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

#endif
