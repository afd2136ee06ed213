#include "CFriBidiShims.h"

// Macros in some builds of FriBidi's headers.
FriBidiParType kt_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
FriBidiParType kt_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
FriBidiParType kt_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
int kt_fribidi_par_is_rtl(FriBidiParType direction) { return FRIBIDI_IS_RTL(direction) ? 1 : 0; }

int kt_fribidi_explicit_class(FriBidiCharType type) {
    switch (type) {
    case FRIBIDI_TYPE_LTR: return 1;
    case FRIBIDI_TYPE_RTL: case FRIBIDI_TYPE_AL: return 2;
    case FRIBIDI_TYPE_LRE: return 3;
    case FRIBIDI_TYPE_RLE: return 4;
    case FRIBIDI_TYPE_LRO: return 5;
    case FRIBIDI_TYPE_RLO: return 6;
    case FRIBIDI_TYPE_PDF: return 7;
    case FRIBIDI_TYPE_LRI: return 8;
    case FRIBIDI_TYPE_RLI: return 9;
    case FRIBIDI_TYPE_FSI: return 10;
    case FRIBIDI_TYPE_PDI: return 11;
    case FRIBIDI_TYPE_BS: return 12;
    default: return 0;
    }
}
FriBidiCharType kt_fribidi_type_bn(void) { return FRIBIDI_TYPE_BN; }
FriBidiCharType kt_fribidi_type_on(void) { return FRIBIDI_TYPE_ON; }
