// ICU's common library. Its functions are renamed per version by macros (ubrk_open → ubrk_open_72),
// which Swift cannot follow, so Swift code calls ICU only through CICUShims.
#include <unicode/ubrk.h>
#include <unicode/utext.h>
