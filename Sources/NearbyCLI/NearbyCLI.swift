/// The `nearby` command line: parses arguments, runs a command, returns the exit code.
public enum NearbyCLI {
    public static func main(arguments: [String]) -> Int32 { 0 }
}
