// FreeType's error messages, from its own list (fterrdef.h), which Debian's build does not
// compile into FT_Error_String. This is the inclusion trick FreeType's fterrors.h documents.
#include "CFreeTypeShims.h"

#undef FTERRORS_H_
#define FT_ERRORDEF( e, v, s )  case v: return s;
#define FT_ERROR_START_LIST     switch ( error ) {
#define FT_ERROR_END_LIST       }
const char *kt_ft_error_message(int error) {
#include FT_ERRORS_H
    return "unknown FreeType error";
}
