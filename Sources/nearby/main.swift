import NearbyCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(NearbyCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
