// Spec decoding and scene rendering live here.
