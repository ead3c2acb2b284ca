import Foundation
import RenderCore
import Testing

@testable import FormRender

/// `FormRequest.parseSubmission`, a library user's way to read a posted form: the same
/// JSON as `render-cli parse`, whether it was accepted, and a refused body as an error.
@Suite struct PublicSubmissionTests {
  @Test func sharedDetailsAreTheResponseJSON() throws {
    let request = try Fixtures.request("shipping-address")
    let context = try Fixtures.context("en-US")
    let submitted = try request.parseSubmission(Array(FormSubmissionTests.completeUS.utf8), context: context)
    #expect(submitted.isAccepted)
    let json = String(decoding: submitted.jsonUTF8, as: UTF8.self)
    #expect(json == (try Fixtures.parse(FormSubmissionTests.completeUS, request)).json)
    #expect(json.contains(#""name": "Jane Appleseed","#))
  }

  @Test func aDeclineIsAccepted() throws {
    let request = try Fixtures.request("signup")
    let submitted = try request.parseSubmission(Array("action=decline".utf8), context: try Fixtures.context("en-US"))
    #expect(submitted.isAccepted)
    #expect(String(decoding: submitted.jsonUTF8, as: UTF8.self) == "{\n  \"declined\": true\n}\n")
  }

  @Test func fieldErrorsAreNotAccepted() throws {
    let request = try Fixtures.request("shipping-address")
    let submitted = try request.parseSubmission(Array("action=share".utf8), context: try Fixtures.context("en-US"))
    #expect(!submitted.isAccepted)
    #expect(
      String(decoding: submitted.jsonUTF8, as: UTF8.self).hasPrefix(
        "{\n  \"errors\": [\n    {\n      \"field\": \"name\",\n      \"message\": \"Full name is required.\"\n"))
  }

  @Test func aBodyThatIsNoSubmissionThrows() throws {
    let request = try Fixtures.request("signup")
    let context = try Fixtures.context("en-US")
    #expect(throws: FormSubmissionError(description: "the request token is missing")) {
      try request.parseSubmission(Array("action=share".utf8), context: context, expectedToken: "t0k3n-t0k3n-t0k3n")
    }
    #expect(throws: FormSubmissionError.self) { try request.parseSubmission(Array("a=1&a=2%".utf8), context: context) }
  }
}
