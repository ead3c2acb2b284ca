import Foundation
import Testing

/// `null` where an optional member would be left out is bad input on the command line too:
/// exit 65, one line per problem with the file and the JSON path, nothing on standard output.
@Suite struct NullMembersTests {
  let cli = RenderCLIEndToEndTests()

  @Test func aCartWithNullMembersExits65NamingEachPath() throws {
    let cart = try cli.temporaryFile(
      #"{"items": [{"id": "A", "name": "Tea", "quantity": 1, "totalPrice": 5, "totalAdjustedPrice": null}], "summary": null}"#
    )
    let result = try cli.run(["cart", cart.path])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        \(cart.path): $.items[0].totalAdjustedPrice: expected an amount (a JSON number), found null
        \(cart.path): $.summary: expected an object, found null

        """)
  }

  @Test func aConfigurationOrARequestWithNullExits65() throws {
    let cart = try cli.temporaryFile(#"{"items": []}"#)
    let configuration = try cli.temporaryFile(#"{"storeName": null}"#, name: "config.json")
    let withConfiguration = try cli.run(["cart", cart.path, "--config", configuration.path])
    #expect(withConfiguration.status == 65)
    #expect(withConfiguration.stderr.contains("config.json: $.storeName: expected a string, found null"))
    let form = try cli.temporaryFile(#"{"request": "signup", "termsAndConditions": null}"#, name: "form.json")
    let request = try cli.run(["form", form.path])
    #expect(request.status == 65)
    #expect(request.stderr.contains("form.json: $.termsAndConditions: expected a string, found null"))
  }
}
