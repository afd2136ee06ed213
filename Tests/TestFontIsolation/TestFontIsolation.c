#include "TestFontIsolation.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The repository from this file's own path (SwiftPM compiles with absolute paths):
// <root>/Tests/TestFontIsolation/TestFontIsolation.c.
static char config_file[4096];

const char *kt_test_fontconfig_file(void) { return config_file; }

// A constructor runs when the test binary loads, before XCTest or Swift Testing starts a test, so
// every fontconfig query, in process or in a kinetype the tests start, sees only the bundled fonts.
// A test about system fonts can set FONTCONFIG_FILE itself.
__attribute__((constructor)) static void kt_isolate_test_fonts(void) {
    const char *source = __FILE__;
    const char *tail = strstr(source, "/Tests/TestFontIsolation/");
    if (!tail) return;
    snprintf(config_file, sizeof config_file, "%.*s/Tests/fontconfig/fonts.conf", (int)(tail - source), source);
    setenv("FONTCONFIG_FILE", config_file, 1);
}
