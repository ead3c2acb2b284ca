import Foundation
import PackagePlugin

/// Runs `FileEmbedder` over the package's `locales/*.strings`, so the UI strings are
/// compiled into `RenderCore` (as `EmbeddedLocales`) and no binary looks for files
/// beside itself.
@main
struct EmbedLocales: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let localesDirectory = context.package.directoryURL.appending(path: "locales")
    let files = try FileManager.default.contentsOfDirectory(at: localesDirectory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "strings" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLocales.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) locale files",
        executable: try context.tool(named: "FileEmbedder").url,
        arguments: ["EmbeddedLocales", output.path] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
