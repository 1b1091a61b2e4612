import CProcess
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One worker process, started with `posix_spawn` (`fr_spawn_worker`, CProcess):
/// its standard input is a socket the parent sends it chapter scripts on, its
/// standard output and standard error go to one pipe the parent reads, and it
/// inherits no other descriptor and no blocked signal.
///
/// Foundation's `Process` is not used: it watches children from a thread and a
/// Dispatch source of its own, and under a low address-space limit, where that
/// thread cannot be made, it waits forever or traps. Here the calling thread
/// reads the pipe and reaps the child itself, so a failure to start is one error.
///
/// Owns the socket, the pipe's read end and the child until it is reaped:
/// closes the first two and reaps the other (after stopping it) in `deinit`. `terminate` may be
/// called from any thread; it never signals a process id that was reaped
/// (and so could belong to another process).
final class WorkerProcess: Sendable {
    /// How the process ended: `signal` when a signal ended it, else its exit `status`.
    struct Ending: Sendable {
        var signal: Int32?
        var status: Int32
    }

    let processIdentifier: pid_t
    private let input: Mutex<Int32>
    private let output: Int32
    /// Set once the process has ended (it may not be reaped yet): no signal is sent after that.
    private let exited = Mutex(false)

    /// Starts `executable` with `arguments` and this process's environment,
    /// with `LD_BIND_NOW=1`: the dynamic linker resolves every symbol once
    /// when the worker starts, not again in each job it forks (`WorkerWarmUp`).
    init(executable: String, arguments: [String]) throws(RenderError) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "LD_BIND_NOW" }
            .map { "\($0.key)=\($0.value)" }.sorted() + ["LD_BIND_NOW=1"]
        let envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        var input: Int32 = -1
        var output: Int32 = -1
        let status = fr_spawn_worker(executable, argv, envp, &pid, &input, &output)
        guard status == 0 else { throw Self.startFailure(status, executable) }
        processIdentifier = pid
        self.input = Mutex(input)
        self.output = output
    }

    deinit {
        closeInput()
        close(output)
        if !exited.withLock({ $0 }) {
            terminate()
            _ = waitForExit()
        }
    }

    /// Sends `bytes` to the worker's standard input; false when it can no longer read them (it has ended).
    func send(_ bytes: [UInt8]) -> Bool {
        input.withLock { socket in
            socket >= 0 && bytes.withUnsafeBytes { fr_send_all(socket, $0.baseAddress, $0.count) } == 0
        }
    }

    /// Ends the worker's input: it finishes its job and exits.
    func closeInput() {
        input.withLock { socket in
            if socket >= 0 { close(socket) }
            socket = -1
        }
    }

    /// Reads the next stretch of the worker's output into `buffer` (as `read(2)`: 0 once it has closed it).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        Glibc.read(output, buffer.baseAddress, buffer.count)
    }

    /// Waits for the process to end and reaps it.
    func waitForExit() -> Ending {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        exited.withLock { $0 = true }
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal != 0 ? Ending(signal: signal, status: signal) : Ending(signal: nil, status: (status >> 8) & 0xFF)
    }

    /// Asks the process to stop (SIGTERM), unless it has ended.
    func terminate() {
        exited.withLock { exited in
            if !exited { kill(processIdentifier, SIGTERM) }
        }
    }

    private static func startFailure(_ code: Int32, _ executable: String) -> RenderError {
        let reason = String(cString: strerror(code))
        if code == ENOMEM || code == EAGAIN {
            return RenderError(.outOfMemory, "out of memory: cannot start a worker process (\(reason))", cause: POSIXError.of(code))
        }
        return RenderError(.worker, "cannot start a worker process (\(executable)): \(reason)", cause: POSIXError.of(code))
    }
}
