// Points fontconfig at Tests/fontconfig/fonts.conf (the bundled fonts only) before any test runs.
#ifndef TEST_FONT_ISOLATION_H
#define TEST_FONT_ISOLATION_H

/// The fontconfig file the tests use (set as FONTCONFIG_FILE when the test binary loads).
const char *kt_test_fontconfig_file(void);

#endif
