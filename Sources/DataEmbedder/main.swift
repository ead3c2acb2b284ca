import Foundation
import RenderLocalization
import StringCatalog

// Usage:
//   DataEmbedder catalogs OUTPUT.swift FILE.xcstrings...
//     compiles String Catalogs (locales/) into ready-made `LocaleCatalog` values, adding the
//     pseudo-locales en-XA and ar-XB made from en.xcstrings;
//   DataEmbedder text ENUM OUTPUT.swift FILE...
//     declares `enum ENUM` whose `files` hold each file's text under its tag.
// `scripts/embed-data` runs both; tests fail while a generated file and its sources differ.
// Exit 64: usage; 65: a bad source file (named with its JSON path); 66: unreadable; 73: unwritable.
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, _ status: Int32) -> Never {
  FileHandle.standardError.write(Data("DataEmbedder: \(message)\n".utf8))
  exit(status)
}

func read(_ path: String) -> Data {
  guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)", 66) }
  return data
}

func tag(of path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

func write(_ source: String, to path: String) {
  do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  } catch {
    fail("cannot write \(path): \(error)", 73)
  }
}

switch arguments.first {
case "catalogs" where arguments.count >= 3:
  var catalogs: [LocaleCatalog] = []
  for path in arguments.dropFirst(2) {
    do {
      catalogs.append(try CatalogCompiler.compile(read(path), tag: tag(of: path), file: path))
    } catch {
      fail(error.description, 65)
    }
  }
  guard let english = catalogs.first(where: { $0.tag == "en" }) else { fail("no en.xcstrings among the catalogs", 65) }
  catalogs += PseudoLocale.allCases.map { $0.catalog(from: english) }
  write(CatalogSwiftSource.render(catalogs), to: arguments[1])
case "text" where arguments.count >= 3:
  let enumName = arguments[1]
  guard enumName.first?.isLetter == true, enumName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
    fail("ENUM must be a Swift identifier", 64)
  }
  var files: [(tag: String, text: String)] = []
  for path in arguments.dropFirst(3) {
    guard let text = String(data: read(path), encoding: .utf8) else { fail("cannot read \(path) as UTF-8", 66) }
    files.append((tag(of: path), text))
  }
  write(TextSwiftSource.render(enumName: enumName, files: files), to: arguments[2])
default:
  fail("usage: DataEmbedder catalogs OUTPUT.swift FILE.xcstrings... | DataEmbedder text ENUM OUTPUT.swift FILE...", 64)
}
