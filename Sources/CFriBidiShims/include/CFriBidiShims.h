// FriBidi's paragraph-direction macros as functions Swift can call.
#ifndef CFRIBIDI_SHIMS_H
#define CFRIBIDI_SHIMS_H

#include <fribidi.h>

FriBidiParType kt_fribidi_par_auto(void);
FriBidiParType kt_fribidi_par_ltr(void);
FriBidiParType kt_fribidi_par_rtl(void);
int kt_fribidi_par_is_rtl(FriBidiParType direction);

#endif
