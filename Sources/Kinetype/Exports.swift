// `import Kinetype` is the whole library: the motion model (properties, keyframes, easings,
// springs, text interpolators), text types (fonts, anchors, paragraph styles, layouts), the
// canvas and image codecs frames come out as, video and audio files, the scene model, caption files made into layers,
// the drawing stages and the output side (render sessions and sinks). Each is its own module;
// this one only gathers them.
@_exported import KinetypeMotion
@_exported import KinetypeText
@_exported import KinetypeRaster
@_exported import KinetypeFootage
@_exported import KinetypeScene
@_exported import KinetypeCaptions
@_exported import KinetypeRender
@_exported import KinetypeOutput
@_exported import KinetypePreview
