import Foundation
import PackagePlugin

/// Makes `Version.swift` from the VERSION file at the package's root, for the target that uses
/// the plugin: `pipe --version` and the host's hello say what that file says, and a plain
/// `swift build` remakes the file whenever VERSION changes (it is the command's input).
@main
struct VersionFile: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let version = context.package.directoryURL.appending(path: "VERSION")
    let output = context.pluginWorkDirectoryURL.appending(path: "Version.swift")
    return [
      .buildCommand(
        displayName: "Version.swift from VERSION",
        executable: try context.tool(named: "VersionFileTool").url,
        arguments: [version.path(), output.path()],
        inputFiles: [version],
        outputFiles: [output])
    ]
  }
}
