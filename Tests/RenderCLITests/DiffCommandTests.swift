import Foundation
import GoldenFiles
import RenderCore
import Testing

@testable import render_cli

/// `render-cli diff` and `cart --previous`, run as a server would.
@Suite struct RenderCLIDiffEndToEndTests {
  let cli = RenderCLIEndToEndTests()

  /// A cart file whose items are named by `ids` (space-separated).
  func cartFile(_ ids: String, name: String = "cart.json") throws -> URL {
    let items = ids.split(separator: " ").map {
      #"{"id": "\#($0)", "name": "Item \#($0)", "quantity": 1, "totalPrice": 1.00}"#
    }
    return try cli.temporaryFile(#"{"items": ["# + items.joined(separator: ", ") + "]}", name: name)
  }

  @Test func rotationPrintsOnlyTheFirstItemAsMoved() throws {
    let result = try cli.run(["diff", try cartFile("A B C D").path, try cartFile("B C D A").path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        {
          "inserted": [],
          "removed": [],
          "moved": ["A"],
          "updated": [],
          "summaryChanged": false,
          "totalChanged": false
        }

        """)
  }

  @Test func onlyTheQuantityOfTheHairSprayChanged() throws {
    let seed = try String(
      contentsOf: RenderCLIEndToEndTests.root.appending(path: "examples/cart-hair-spray.json"), encoding: .utf8)
    let changed = try cli.temporaryFile(seed.replacingOccurrences(of: #""quantity": 4"#, with: #""quantity": 5"#))
    let result = try cli.run(["diff", "examples/cart-hair-spray.json", changed.path])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "inserted": [],
          "removed": [],
          "moved": [],
          "updated": [
            {
              "id": "HRSP-M-UN-11-001",
              "fields": ["quantity"]
            }
          ],
          "summaryChanged": false,
          "totalChanged": false
        }

        """)
  }

  @Test func exampleUpdateListsEveryKindOfChange() throws {
    let result = try cli.run(["diff", "examples/cart-update-before.json", "examples/cart-update-after.json"])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""inserted": ["CLP-SET-6"],"#))
    #expect(result.stdout.contains(#""removed": ["CMB-WD-01"],"#))
    #expect(result.stdout.contains(#""moved": ["SHMP-AR-16"],"#))
    #expect(result.stdout.contains(#""fields": ["quantity", "totalPrice", "totalAdjustedPrice"]"#))
    #expect(result.stdout.hasSuffix("\"summaryChanged\": true,\n  \"totalChanged\": true\n}\n"))
  }

  @Test(arguments: [true, false])
  func duplicateIDOnEitherSideExits65NamingFileAndPath(_ oldSide: Bool) throws {
    let duplicated = try cartFile("A B A", name: "dup.json")
    let fine = try cartFile("A B", name: "fine.json")
    let arguments = oldSide ? ["diff", duplicated.path, fine.path] : ["diff", fine.path, duplicated.path]
    let result = try cli.run(arguments)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == duplicated.path + #": $.items[2].id: duplicate item id "A" (first at $.items[0])"# + "\n")
  }

  @Test func problemsOfBothCartsAreReportedTogether() throws {
    let old = try cartFile("A A", name: "old.json")
    let new = try cli.temporaryFile(
      #"{"items": [{"id": "B", "name": "", "quantity": 1, "totalPrice": 1}]}"#, name: "new.json")
    let result = try cli.run(["diff", old.path, new.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == old.path + #": $.items[1].id: duplicate item id "A" (first at $.items[0])"# + "\n" + new.path
        + ": $.items[0].name: must not be empty\n")
  }

  @Test func diffReadsOneCartFromStandardInput() throws {
    let result = try cli.run(["diff", "-", try cartFile("B A").path], stdin: #"{"items": []}"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""inserted": ["B", "A"],"#))
  }

  @Test func diffOfAMissingFileExits66() throws {
    let result = try cli.run(["diff", "no-such-cart.json", "examples/cart-empty.json"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "Error: cannot read 'no-such-cart.json': no such file\n")
  }

  @Test func cartWithPreviousRendersHints() throws {
    let result = try cli.run([
      "cart", "examples/cart-update-after.json", "--previous", "examples/cart-update-before.json", "--config",
      "examples/session.json",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#"data-item-id="CMB-WD-01" data-change="removed" aria-hidden="true""#))
    #expect(result.stdout.contains(#"data-item-id="CLP-SET-6" data-change="inserted""#))
    #expect(result.stdout.contains(#"aria-live="polite""#))
    let golden = try String(
      contentsOf: RenderCLIEndToEndTests.root.appending(path: "snapshots/CartUpdate/hair-spray-update.en-US.html"),
      encoding: .utf8)
    #expect(result.stdout == golden)
  }

  @Test func cartWithPreviousAsTextHasTheGutterAndFits() throws {
    let result = try cli.run([
      "cart", "examples/cart-update-after.json", "--previous", "examples/cart-update-before.json", "--format", "text",
      "--width", "24", "--locale", "ar-EG",
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("- Wide-Tooth") })
    #expect(lines.contains { $0.hasPrefix("+ Claw Clips") })
    #expect(lines.allSatisfy { DisplayWidthProbe.columns(String($0)) <= 24 })
  }

  @Test func duplicateInThePreviousCartExits65() throws {
    let previous = try cartFile("X X", name: "previous.json")
    let result = try cli.run(["cart", "examples/cart-hair-spray.json", "--previous", previous.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == previous.path + #": $.items[1].id: duplicate item id "X" (first at $.items[0])"# + "\n")
  }

  @Test func diffHelp() throws {
    let result = try cli.run(["diff", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("OVERVIEW: Print the animation hints between two carts"))
    let usage = try cli.run(["diff", "only-one.json"])
    #expect(usage.status == 64)
    #expect(
      usage.stderr
        == "Error: Missing NEW cart.\nUSAGE: render-cli diff OLD NEW [--output FILE]\n  See 'render-cli diff --help' for more information.\n"
    )
  }
}
