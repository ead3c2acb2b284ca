import Foundation
import PackagePlugin

/// Runs `FileEmbedder` over `data/address-formats.json`, so the address layouts are
/// compiled into `FormRender` (as `EmbeddedAddressFormats`), the same way the locales
/// are compiled into `RenderCore`.
@main
struct EmbedAddressFormats: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let file = context.package.directoryURL.appending(path: "data/address-formats.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAddressFormats.swift")
    return [
      .buildCommand(
        displayName: "Embedding address formats",
        executable: try context.tool(named: "FileEmbedder").url,
        arguments: ["EmbeddedAddressFormats", output.path, file.path],
        inputFiles: [file],
        outputFiles: [output]
      )
    ]
  }
}
