// FriBidi's paragraph-direction and character-type macros as functions Swift can call.
#ifndef CFRIBIDI_SHIMS_H
#define CFRIBIDI_SHIMS_H

#include <fribidi.h>

FriBidiParType kt_fribidi_par_auto(void);
FriBidiParType kt_fribidi_par_ltr(void);
FriBidiParType kt_fribidi_par_rtl(void);
int kt_fribidi_par_is_rtl(FriBidiParType direction);

/// What the explicit rules (UAX #9 X1-X8) see in a bidi type: 0 anything else, 1 strong left (L),
/// 2 strong right (R, AL), 3 LRE, 4 RLE, 5 LRO, 6 RLO, 7 PDF, 8 LRI, 9 RLI, 10 FSI, 11 PDI,
/// 12 paragraph separator (B).
int kt_fribidi_explicit_class(FriBidiCharType type);
FriBidiCharType kt_fribidi_type_bn(void);
FriBidiCharType kt_fribidi_type_on(void);

#endif
