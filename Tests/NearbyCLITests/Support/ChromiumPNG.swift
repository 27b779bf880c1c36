import Foundation
import NearbyTestSupport

/// The pixels of a screenshot, decoded by a small `python3` script (8-bit RGB/RGBA PNG,
/// non-interlaced, all five scanline filters) so the tests need no image library.
struct ChromiumPNG {
    let width: Int
    let height: Int
    /// RGB bytes, row by row.
    let rgb: [UInt8]

    init(_ png: URL) throws {
        guard let python = ChromiumScreenshot.python else {
            throw ChromiumScreenshot.Failure.unreadable("python3 is not installed")
        }
        let raw = TestPaths.temporaryFile("png", suffix: ".rgb")
        defer { try? FileManager.default.removeItem(at: raw) }
        let header = try ChromiumScreenshot.run(python, ["-c", Self.script, png.path, raw.path], timeout: 60)
        let size = String(decoding: header, as: UTF8.self).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard size.count == 2 else { throw ChromiumScreenshot.Failure.unreadable("no size from the decoder") }
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard bytes.count == size[0] * size[1] * 3 else {
            throw ChromiumScreenshot.Failure.unreadable("\(bytes.count) bytes for \(size[0])×\(size[1])")
        }
        (width, height, rgb) = (size[0], size[1], bytes)
    }

    /// The colour at (x, y), nil outside the image.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// Whether a pixel within `radius` of (x, y) is within `tolerance` of the colour on every
    /// channel.
    func has(_ colour: (Int, Int, Int), near x: Double, _ y: Double, radius: Int = 2, tolerance: Int = 8) -> Bool {
        let cx = Int(x.rounded())
        let cy = Int(y.rounded())
        for dy in -radius...radius {
            for dx in -radius...radius {
                guard let p = pixel(cx + dx, cy + dy) else { continue }
                if abs(p.r - colour.0) <= tolerance && abs(p.g - colour.1) <= tolerance
                    && abs(p.b - colour.2) <= tolerance
                {
                    return true
                }
            }
        }
        return false
    }

    /// Pixels within `tolerance` of the colour, over the whole image.
    func count(_ colour: (Int, Int, Int), tolerance: Int = 8) -> Int {
        var n = 0
        var i = 0
        while i + 2 < rgb.count {
            if abs(Int(rgb[i]) - colour.0) <= tolerance && abs(Int(rgb[i + 1]) - colour.1) <= tolerance
                && abs(Int(rgb[i + 2]) - colour.2) <= tolerance
            {
                n += 1
            }
            i += 3
        }
        return n
    }

    /// Distinct colours, quantised to 4 bits per channel.
    var distinctColours: Int {
        var seen = Set<Int>()
        var i = 0
        while i + 2 < rgb.count {
            seen.insert(Int(rgb[i] >> 4) << 8 | Int(rgb[i + 1] >> 4) << 4 | Int(rgb[i + 2] >> 4))
            i += 3
        }
        return seen.count
    }

    static let script = """
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        if data[:8] != b'\\x89PNG\\r\\n\\x1a\\n':
            sys.exit('not a PNG')
        pos, idat, header = 8, [], None
        while pos + 8 <= len(data):
            (n,) = struct.unpack('>I', data[pos:pos + 4])
            kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
            pos += 12 + n
            if kind == b'IHDR':
                header = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat.append(body)
            elif kind == b'IEND':
                break
        w, h, depth, ctype, _, _, interlace = header
        if depth != 8 or interlace != 0 or ctype not in (2, 6):
            sys.exit('unsupported PNG %r' % (header,))
        bpp = 3 if ctype == 2 else 4
        raw = zlib.decompress(b''.join(idat))
        stride = w * bpp
        prev = bytearray(stride)
        out = bytearray()
        i = 0
        for y in range(h):
            f = raw[i]
            line = bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            if f == 1:
                for x in range(bpp, stride):
                    line[x] = (line[x] + line[x - bpp]) & 255
            elif f == 2:
                for x in range(stride):
                    line[x] = (line[x] + prev[x]) & 255
            elif f == 3:
                for x in range(stride):
                    a = line[x - bpp] if x >= bpp else 0
                    line[x] = (line[x] + ((a + prev[x]) >> 1)) & 255
            elif f == 4:
                for x in range(stride):
                    a = line[x - bpp] if x >= bpp else 0
                    b = prev[x]
                    c = prev[x - bpp] if x >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[x] = (line[x] + pr) & 255
            prev = line
            if bpp == 4:
                line = bytearray(line)
                del line[3::4]
            out += line
        open(sys.argv[2], 'wb').write(out)
        print(w, h)
        """
}
