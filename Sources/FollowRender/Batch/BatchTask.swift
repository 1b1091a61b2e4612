/// Which share of a batch this process renders: task `index` (0-based) of
/// `count`, from `--task-index`/`--task-count` or, when they are absent, from
/// a Slurm job array's environment, so one command line serves a Slurm array,
/// GNU parallel and a single machine alike.
public struct BatchTask: Hashable, Sendable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The task from the flags, else `SLURM_ARRAY_TASK_ID` minus
    /// `SLURM_ARRAY_TASK_MIN` (an array need not start at 0) of
    /// `SLURM_ARRAY_TASK_COUNT`, else task 0 of 1.
    public static func resolve(index: Int?, count: Int?, environment: [String: String]) throws(SettingError) -> BatchTask {
        let slurmID = environment["SLURM_ARRAY_TASK_ID"].flatMap { Int($0) }
        let slurmMin = environment["SLURM_ARRAY_TASK_MIN"].flatMap { Int($0) } ?? 0
        let slurmCount = environment["SLURM_ARRAY_TASK_COUNT"].flatMap { Int($0) }
        let task = BatchTask(index: index ?? slurmID.map { $0 - slurmMin } ?? 0, count: count ?? slurmCount ?? 1)
        guard task.count >= 1 else {
            throw SettingError(.taskCount, "\(Setting.taskCount): the task count must be at least 1, not \(task.count)")
        }
        guard (0..<task.count).contains(task.index) else {
            throw SettingError(.taskIndex, "\(Setting.taskIndex): task \(task.index) is not one of 0 to \(task.count - 1) (\(Setting.taskCount) \(task.count))")
        }
        return task
    }
}
