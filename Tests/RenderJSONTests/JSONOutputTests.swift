import Testing

@testable import RenderCore
@testable import RenderJSON

@Suite struct JSONOutputTests {
  static let value = JSONValue.object([
    (key: "ids", value: .array([.string("A"), .string("B\"")])),
    (key: "empty", value: .array([])),
    (key: "nested", value: .array([.object([(key: "n", value: .number("1.50")), (key: "ok", value: .bool(true))])])),
    (key: "mixed", value: .array([.null, .array([.number("2")])])),
  ])

  @Test func prettyPrintsEveryArrayOverLinesByDefault() {
    #expect(
      JSONOutput.render(Self.value) == """
        {
          "ids": [
            "A",
            "B\\""
          ],
          "empty": [],
          "nested": [
            {
              "n": 1.50,
              "ok": true
            }
          ],
          "mixed": [
            null,
            [
              2
            ]
          ]
        }

        """)
  }

  @Test func scalarArraysCanStayOnOneLine() {
    #expect(
      JSONOutput.render(Self.value, scalarArraysInline: true) == """
        {
          "ids": ["A", "B\\""],
          "empty": [],
          "nested": [
            {
              "n": 1.50,
              "ok": true
            }
          ],
          "mixed": [
            null,
            [2]
          ]
        }

        """)
  }
}
