import NearbyGeo

/// A place as the stream decoder builds it: the same content as a ``Place``, but every text is
/// UTF-8 bytes lent for the duration of one ``PlaceSink/add(_:)-(PlaceDraft)`` call (in the
/// feed's page itself where the value needs no unescaping or normalising, else in a buffer the
/// decoder reuses), so a place reaches its sink without a `String` per field.
///
/// A sink that keeps a draft must copy what it needs: ``place()`` does.
public struct PlaceDraft {
    /// A text of the draft: a byte range in the feed's page, in the decoder's buffer, or among
    /// the attributes' names.
    struct Text: Equatable {
        enum Source: UInt8 { case page, buffer, names }
        var offset: Int
        var count: Int
        var source: Source
    }

    /// One attribute: its key and label (from the manifest) and its value.
    struct Attribute {
        var key: Text
        var label: Text
        var value: Text
    }

    /// One raw field: its name and its value.
    struct Field {
        var name: Text
        var value: Text
    }

    let datasetID: String
    /// The place's position, or nil when it has no usable one.
    public let coordinate: Coordinate?
    let id: Text
    let name: Text
    let address: Text?
    let category: Text?
    let attributes: UnsafeBufferPointer<Attribute>
    let fields: UnsafeBufferPointer<Field>
    let page: UnsafeBufferPointer<UInt8>
    let buffer: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<UInt8>

    /// The bytes of `text`.
    func bytes(_ text: Text) -> UnsafeBufferPointer<UInt8> {
        let source: UnsafeBufferPointer<UInt8>
        switch text.source {
        case .page: source = page
        case .buffer: source = buffer
        case .names: source = names
        }
        return UnsafeBufferPointer(rebasing: source[text.offset..<(text.offset + text.count)])
    }

    private func string(_ text: Text) -> String {
        String(decoding: bytes(text), as: UTF8.self)
    }

    /// The place as a value of its own.
    public func place() -> Place {
        Place(
            datasetID: datasetID, id: string(id), name: string(name), coordinate: coordinate,
            address: address.map(string), category: category.map(string),
            attributes: attributes.map {
                PlaceAttribute(key: string($0.key), label: string($0.label), value: string($0.value))
            },
            fields: fields.map { PlaceField(name: string($0.name), value: string($0.value)) })
    }
}
