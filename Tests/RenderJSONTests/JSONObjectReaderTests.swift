import RenderCore
import Testing

/// The reader finds unknown members from the reader's own key enum and reports every
/// problem at once, each with its JSON path.
@Suite struct JSONObjectReaderTests {
  enum Key: String, JSONKey {
    case name, price, note
  }

  func problems(_ json: String, at path: JSONPath = .root, allowing allowed: [Key]? = nil) throws -> [String] {
    let value = try JSONParser.parse(Array(json.utf8))
    var log = ProblemLog()
    if let allowed {
      let reader = JSONObjectReader<Key>(shapeOf: value, at: path, log: &log)
      reader?.rejectKeys(otherThan: allowed, log: &log)
      _ = reader?.required(.name, log: &log)
    } else {
      let reader = JSONObjectReader<Key>(value, at: path, log: &log)
      _ = reader?.required(.name, log: &log)
      _ = reader?.required(.price, log: &log)
    }
    return log.problems.map(\.description)
  }

  @Test func unknownKeysAreReportedWithTheirPathsFromTheEnum() throws {
    let items = JSONPath.root.appending(key: "items").appending(index: 2)
    #expect(
      try problems(#"{"nmae": "Tea", "price": 1, "Note": "x", "note": null}"#, at: items) == [
        #"$.items[2].nmae: unknown key "nmae""#,
        #"$.items[2].Note: unknown key "Note""#,
        #"$.items[2].name: missing required key "name""#,
      ])
    #expect(try problems(#"{"name": "Tea", "price": 1, "note": "x"}"#).isEmpty)
  }

  @Test func aShapeKeepsOnlyTheKeysItAllows() throws {
    #expect(
      try problems(#"{"name": "Tea", "price": 1, "other": 2}"#, allowing: [.name]) == [
        #"$.price: unknown key "price""#, #"$.other: unknown key "other""#,
      ])
    #expect(try problems(#"{"name": "Tea"}"#, allowing: [.name]).isEmpty)
  }

  @Test func membersAreLookedUpByCase() throws {
    var log = ProblemLog()
    let reader = try #require(
      JSONObjectReader<Key>(try JSONParser.parse(Array(#"{"price": 2.50, "note": null}"#.utf8)), at: .root, log: &log))
    #expect(reader.contains(.note))
    #expect(reader.optional(.note)?.0 == .null)
    #expect(reader.optional(.name) == nil)
    #expect(reader.optional(.price)?.0 == .number("2.50"))
    #expect(reader.path(of: .price) == JSONPath.root.appending(key: "price"))
    #expect(log.problems.isEmpty)
  }

  @Test func notAnObjectIsOneProblem() throws {
    #expect(try problems("[1]") == ["$: expected an object, found an array"])
  }

  @Test func duplicateKeysNeverReachTheReader() throws {
    #expect(throws: DataErrors.self) { try JSONParser.parse(Array(#"{"name": "a", "name": "b"}"#.utf8)) }
  }
}
