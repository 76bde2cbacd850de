import ShortcutCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(ShortcutCLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
