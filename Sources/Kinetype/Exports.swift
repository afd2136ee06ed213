// `import Kinetype` is the whole library: the motion model (properties, keyframes, easings,
// springs, text interpolators), text types (fonts, anchors, paragraph styles, layouts) and the
// canvas and PNG types frames come out as.
@_exported import KinetypeMotion
@_exported import KinetypeText
@_exported import KinetypeRaster
