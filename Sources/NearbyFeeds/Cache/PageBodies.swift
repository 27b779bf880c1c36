import Foundation

/// The pages of one refresh, in order, as the plan's paging and validation read them.
///
/// The pages are on disk already (the fetcher writes each into the new generation), so they are
/// not held: each is mapped when it is read (`pages[i]`) and unmapped when the `Data` read from it
/// goes, so a refresh at its 1 GiB budget keeps about one page in memory, not all of them.
/// Pages given as bytes (test plans, a fetcher that kept its body in memory) are held as given.
public struct PageBodies: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// Where one page is.
    enum Page: Sendable {
        /// A file of the new generation, with its size when it was written.
        case file(URL, count: Int)
        /// Bytes in memory.
        case bytes(Data)
    }

    private(set) var pages: [Page]

    /// Pages held in memory as given.
    public init(_ pages: [Data] = []) {
        self.pages = pages.map { .bytes($0) }
    }

    /// Pages held in memory, written as an array literal.
    public init(arrayLiteral pages: Data...) {
        self.init(pages)
    }

    init(pages: [Page]) {
        self.pages = pages
    }

    public var startIndex: Int { pages.startIndex }
    public var endIndex: Int { pages.endIndex }

    /// The bytes of page `index`: mapped from its file for as long as the result is kept (empty
    /// when the file can no longer be mapped, which then fails to decode).
    public subscript(index: Int) -> Data {
        switch pages[index] {
        case .bytes(let data): return data
        case .file(let url, _): return (try? CacheFiles.mapped(url)) ?? Data()
        }
    }

    /// The size of page `index` in bytes, without reading it.
    func count(of index: Int) -> Int {
        switch pages[index] {
        case .bytes(let data): return data.count
        case .file(_, let count): return count
        }
    }

    mutating func append(_ page: Page) { pages.append(page) }
}
