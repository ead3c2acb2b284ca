import Foundation

// Usage: LocaleEmbedder OUTPUT.swift FILE.strings...
// Writes a Swift file holding each strings file's text under its language tag (the file
// name without `.strings`), sorted by tag so the output is the same on every machine.
// The text goes in raw string literals, so a review reads the translations as they are.
let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: LocaleEmbedder OUTPUT.swift FILE.strings...\n".utf8))
  exit(64)
}
var entries: [(tag: String, text: String)] = []
for path in arguments.dropFirst() {
  guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
    FileHandle.standardError.write(Data("LocaleEmbedder: cannot read \(path) as UTF-8\n".utf8))
    exit(66)
  }
  entries.append((URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, text))
}
entries.sort { $0.tag < $1.tag }

/// A raw string delimiter longer than any run of `#` in `text`, so no content can end the literal.
func delimiter(for text: String) -> String {
  var longest = 0
  var run = 0
  for character in text {
    run = character == "#" ? run + 1 : 0
    longest = max(longest, run)
  }
  return String(repeating: "#", count: longest + 1)
}

var source = """
  // swift-format-ignore-file
  // Generated from locales/*.strings by scripts/embed-locales. Do not edit: edit the
  // strings files and run the script; a test fails while the two differ.

  enum EmbeddedLocales {
    static let files: [(tag: String, text: String)] = [

  """
for entry in entries {
  let hashes = delimiter(for: entry.text)
  source += "    (\n      \"\(entry.tag)\",\n      \(hashes)\"\"\"\n"
  for line in entry.text.split(separator: "\n", omittingEmptySubsequences: false) {
    source += line.isEmpty ? "\n" : "      " + line + "\n"
  }
  source += "      \"\"\"\(hashes)\n    ),\n"
}
source += "  ]\n}\n"
do {
  try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("LocaleEmbedder: cannot write \(outputPath): \(error)\n".utf8))
  exit(73)
}
