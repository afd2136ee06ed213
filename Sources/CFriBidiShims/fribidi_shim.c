#include "CFriBidiShims.h"

// Macros in some builds of FriBidi's headers.
FriBidiParType kt_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
FriBidiParType kt_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
FriBidiParType kt_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
int kt_fribidi_par_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) ? 1 : 0; }
