import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `nearby` in a child process of its own and measures what one input costs it:
/// its peak memory (the kernel's high-water mark, `VmHWM` in `/proc/PID/status`, read every
/// millisecond while it runs) and its wall time. A child that passes `capMB` or `timeout` is
/// killed at once, so a flood that is not held costs the test a moment and the machine little,
/// and the test fails.
///
/// Not `wait4`'s `ru_maxrss`: `posix_spawn` starts the child in this process's memory (vfork), and
/// the kernel folds that memory's high-water mark into the child's at `exec`, so it would report
/// the test process's peak. `posix_spawn` returns once the child has called `exec`, so every
/// `VmHWM` read after it is the child's own.
///
/// A child process, not this one: the test process runs other tests in parallel, so its own
/// high-water mark says nothing about one input.
struct FloodProbe {
    struct Outcome {
        /// Peak resident memory, MiB.
        var peakMB: Double
        var seconds: Double
        /// The exit status, or nil when the probe killed the child.
        var status: Int32?
        /// Why the probe killed the child, if it did.
        var killed: String?
        var stdout: String
        var stderr: String
    }

    var environment: [String: String]
    var capMB = 1024
    var timeout = 30.0
    let folder: URL

    init(home: URL) {
        folder = home
        environment = [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Asia/Taipei",
            "NEARBY_DB": home.appendingPathComponent("runs.sqlite").path,
            "NEARBY_CACHE_DIR": home.appendingPathComponent("cache").path,
        ]
    }

    /// Runs `nearby arguments…` and measures it.
    func run(_ arguments: [String]) throws -> Outcome {
        guard let executable = BinaryRunner.executable?.path else { throw BinaryRunner.RunnerError.notBuilt }
        let out = folder.appendingPathComponent("probe.out").path
        let err = folder.appendingPathComponent("probe.err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ProbeError.spawn(spawned) }
        var status: Int32 = 0
        var usage = rusage()
        var peakKB = 0
        var killed: String?
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw ProbeError.wait(errno) }
            peakKB = max(peakKB, Self.highWaterKB(of: pid))
            let elapsed = Date().timeIntervalSince(started)
            if killed == nil, peakKB > capMB * 1024 || elapsed > timeout {
                killed = peakKB > capMB * 1024 ? "passed \(capMB) MB" : "ran over \(timeout) s"
                kill(pid, SIGKILL)
            }
            usleep(1_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let exited = status & 0x7F == 0
        return Outcome(
            peakMB: Double(peakKB) / 1024, seconds: seconds,
            status: killed == nil && exited ? (status >> 8) & 0xFF : nil,
            killed: killed ?? (exited ? nil : "signal \(status & 0x7F)"),
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// `VmHWM` of a running process, KiB (0 when it cannot be read).
    static func highWaterKB(of pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    enum ProbeError: Error {
        case spawn(Int32)
        case wait(Int32)
    }
}
