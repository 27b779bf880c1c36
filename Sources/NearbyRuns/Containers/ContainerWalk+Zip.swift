extension ContainerWalk {
    /// Yields every member of a zip: catalogues first (read, not yielded as sources), then the
    /// members in directory order, then the catalogue's rows whose file the archive lacks.
    mutating func zipArchive<E: Error>(
        _ archive: some ZipArchive, at location: MemberPath, _ visit: (ContainerItem) throws(E) -> Void
    ) throws(E) {
        let listing = Result { () throws(ContainerError) -> [Result<ZipEntry, ContainerError>] in
            try archive.directory(path: location.displayPath, limits: limits)
        }
        let entries: [Result<ZipEntry, ContainerError>]
        switch listing {
        case .success(let found): entries = found
        case .failure(let error):
            try visit(.failed(error))
            return
        }
        let (local, catalogueNames) = try catalogues(entries, archive: archive, at: location, visit)
        var seen = Set<String>()
        for result in entries {
            guard !exhausted else { return }
            let entry: ZipEntry
            switch result {
            case .success(let found): entry = found
            case .failure(let error):
                try visit(.failed(error))
                continue
            }
            let memberPath = location.displayPath + "!" + DisplayName.escape(entry.name)
            if entry.isDirectory {
                try visit(.ignored(path: memberPath, reason: .directory))
                continue
            }
            if DisplayName.isUnsafe(memberName: entry.name) {
                try visit(.failed(.memberUnsafeName(path: memberPath)))
                continue
            }
            guard seen.insert(entry.name).inserted else {
                try visit(.failed(.memberDuplicate(path: memberPath)))
                continue
            }
            if catalogueNames.contains(entry.name) { continue }
            switch extract(entry, from: archive, path: memberPath) {
            case .success(let member):
                var next = MemberPath(displayPath: memberPath, name: entry.name, depth: location.depth + 1)
                // A nested zip inherits the outer catalogue for matching by start time (Garmin),
                // but member paths are only looked up in the catalogue of their own zip.
                next.catalogue = local ?? location.catalogue
                next.metadata = local?.byMember[entry.name]
                try handle(member, at: next, visit)
            case .failure(let error):
                try visit(.failed(error))
            }
        }
        guard let local, !exhausted else { return }
        for member in local.byMember.keys.sorted() where !seen.contains(member) {
            try visit(
                .failed(
                    .catalogueMissingMember(
                        path: location.displayPath, catalogue: local.kind.fileName, member: DisplayName.escape(member)))
            )
        }
        if !local.withoutFile.isEmpty {
            try visit(.manualActivities(path: location.displayPath, count: local.withoutFile.count))
        }
    }

    /// Reads the catalogues among `entries` (all of one kind are merged; the first kind found wins).
    private mutating func catalogues<E: Error>(
        _ entries: [Result<ZipEntry, ContainerError>], archive: some ZipArchive, at location: MemberPath,
        _ visit: (ContainerItem) throws(E) -> Void
    ) throws(E) -> (ExportCatalogue?, Set<String>) {
        var found: ExportCatalogue?
        var names = Set<String>()
        for case .success(let entry) in entries {
            let fileName = String(entry.name.split(separator: "/").last ?? "")
            guard !entry.isDirectory, !DisplayName.isUnsafe(memberName: entry.name),
                let kind = ExportCatalogue.kind(forFileName: fileName), found == nil || found?.kind == kind
            else { continue }
            let memberPath = location.displayPath + "!" + DisplayName.escape(entry.name)
            names.insert(entry.name)
            guard entry.uncompressedSize <= limits.catalogueBytes else {
                try visit(.failed(.inflatesTooLarge(path: memberPath, limit: limits.catalogueBytes)))
                continue
            }
            let member: Member
            switch extract(entry, from: archive, path: memberPath) {
            case .success(let extracted): member = extracted
            case .failure(let error):
                try visit(.failed(error))
                continue
            }
            let folder = String(entry.name.dropLast(fileName.count))
            let parsed = read(member, kind: kind, folder: folder, path: memberPath)
            switch parsed {
            case .success(let catalogue):
                if found == nil { found = catalogue } else { found?.merge(catalogue) }
                try visit(.ignored(path: memberPath, reason: .catalogue))
            case .failure(let error):
                try visit(.failed(.catalogueUnreadable(path: memberPath, reason: error.reason)))
            }
        }
        return (found, names)
    }

    /// Reads one catalogue member a piece at a time within the archive's catalogue budget: an
    /// inflating stream is never inflated further than the catalogue is read.
    private mutating func read(_ member: Member, kind: ExportCatalogue.Kind, folder: String, path: String)
        -> Result<ExportCatalogue, CatalogueError>
    {
        var reading = CatalogueReading(kind: kind, folder: folder, budget: catalogueBudget)
        defer { catalogueBudget = reading.budget }
        switch member {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                Result { () throws(CatalogueError) -> ExportCatalogue in
                    try reading.feed(raw)
                    return try reading.finish()
                }
            }
        case .stream(let stream):
            let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
            defer { piece.deallocate() }
            return Result { () throws(CatalogueError) -> ExportCatalogue in
                while true {
                    let n: Int
                    do throws(ContainerError) {
                        n = try stream.next(into: piece)
                    } catch {
                        throw CatalogueError(reason: "it " + error.clause)
                    }
                    if n == 0 { break }
                    try reading.feed(UnsafeRawBufferPointer(rebasing: piece[0..<n]))
                }
                return try reading.finish()
            }
        }
    }
}
