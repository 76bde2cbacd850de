// swift-tools-version:6.0
import PackageDescription

// The dependency arrow is one-way: ShortcutSyntax → ShortcutRuntime → ShortcutCLI → shortcut.
// No package dependencies: everything here comes with the Swift toolchain. Two C files: CStackSwitch, the runtime's
// switch onto its large native stack (`makecontext`, which Swift cannot call), and CStartup, the executable's command
// line as the C library hands it to initialisers, given to the Swift runtime (Sources/CStartup/include/CStartup.h).
let package = Package(
    name: "ShortcutScript",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "shortcut", targets: ["shortcut"]),
        .library(name: "ShortcutRuntime", targets: ["ShortcutRuntime"]),
    ],
    targets: [
        .target(name: "ShortcutSyntax"),
        .target(name: "CStackSwitch"),
        .target(name: "ShortcutRuntime", dependencies: ["ShortcutSyntax", "CStackSwitch"]),
        .target(name: "ShortcutCLI", dependencies: ["ShortcutSyntax", "ShortcutRuntime"]),
        .target(name: "CStartup"),
        .executableTarget(name: "shortcut", dependencies: ["ShortcutCLI", "CStartup"]),
        .testTarget(name: "ShortcutSyntaxTests", dependencies: ["ShortcutSyntax", "ShortcutRuntime"]),
        .testTarget(name: "ShortcutRuntimeTests", dependencies: ["ShortcutSyntax", "ShortcutRuntime"]),
        .testTarget(
            name: "ShortcutCLITests",
            dependencies: ["ShortcutCLI", "shortcut", "CStartup"],
            resources: []
        ),
    ]
)

// Fuzz targets (libFuzzer provides their `main`), built only by `fuzz/run`, which sets SHORTCUT_FUZZ=1.
if Context.environment["SHORTCUT_FUZZ"] != nil {
    package.targets += [
        .executableTarget(name: "FuzzCheck", dependencies: ["ShortcutRuntime"], path: "fuzz/Check"),
        .executableTarget(name: "FuzzRun", dependencies: ["ShortcutRuntime"], path: "fuzz/Run"),
    ]
}
