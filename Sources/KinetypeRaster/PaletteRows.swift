extension Canvas {
    /// Calls `body` with palette-index rows and the palette (RGB triples) when the opaque canvas has
    /// at most 256 colours, which is usual for text frames (a background, a text colour and the
    /// anti-aliasing shades between them); returns nil otherwise. Exactly the same pixels as RGB,
    /// a third of the bytes for zlib to compress, so encoding is faster and files smaller.
    package func withPaletteRows<R>(_ body: (_ rows: [UnsafePointer<UInt8>], _ palette: [UInt8]) throws -> R) rethrows -> R? {
        guard isOpaque else { return nil }
        let indexed: (rows: [[UInt8]], rowOf: [Int], palette: [UInt8])? = withRows(includeAlpha: false) { rgbRows, rowBytes in
            var paletteIndex: [UInt32: UInt8] = [:]
            var palette: [UInt8] = []
            var distinctRows: [[UInt8]] = []
            var rowIndexOfPointer: [UnsafePointer<UInt8>: Int] = [:]
            var rowOf: [Int] = []
            rowOf.reserveCapacity(rgbRows.count)
            let pixelsPerRow = rowBytes / 3
            for pointer in rgbRows {
                if let known = rowIndexOfPointer[pointer] { rowOf.append(known); continue }
                var indices = [UInt8](repeating: 0, count: pixelsPerRow)
                var lastKey = UInt32.max, lastIndex: UInt8 = 0
                for x in 0..<pixelsPerRow {
                    let key = UInt32(pointer[x * 3]) << 16 | UInt32(pointer[x * 3 + 1]) << 8 | UInt32(pointer[x * 3 + 2])
                    if key != lastKey {
                        if let index = paletteIndex[key] {
                            lastIndex = index
                        } else {
                            guard paletteIndex.count < 256 else { return nil }
                            lastIndex = UInt8(paletteIndex.count)
                            paletteIndex[key] = lastIndex
                            palette += [pointer[x * 3], pointer[x * 3 + 1], pointer[x * 3 + 2]]
                        }
                        lastKey = key
                    }
                    indices[x] = lastIndex
                }
                rowIndexOfPointer[pointer] = distinctRows.count
                rowOf.append(distinctRows.count)
                distinctRows.append(indices)
            }
            return (distinctRows, rowOf, palette)
        }
        guard let indexed else { return nil }
        return try withPointers(to: indexed.rows) { pointers in
            try body(indexed.rowOf.map { pointers[$0] }, indexed.palette)
        }
    }
}

/// Stable pointers to each of `arrays` for the duration of `body` (the PNG encoder tests use it too).
func withPointers<R>(to arrays: [[UInt8]], _ body: ([UnsafePointer<UInt8>]) throws -> R) rethrows -> R {
    let storage = arrays.map { array -> UnsafeMutablePointer<UInt8> in
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(array.count, 1))
        pointer.initialize(from: array, count: array.count)
        return pointer
    }
    defer { storage.forEach { $0.deallocate() } }
    return try body(storage.map { UnsafePointer($0) })
}
