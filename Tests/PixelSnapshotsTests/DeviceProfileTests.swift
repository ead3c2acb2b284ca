import HeadlessBrowser
import Testing

@Suite struct DeviceProfileTests {
  @Test func namesReadBackAsTheSameProfile() throws {
    for name in ["390-light", "320-dark", "375-light-2x", "430-dark-3x-text150", "390-light-text200"] {
      let profile = try #require(DeviceProfile(name: name))
      #expect(profile.description == name)
    }
    #expect(DeviceProfile.standard.description == "390-light")
    #expect(DeviceProfile(name: "320-dark-2x-text150")?.caption == "320 px dark 2× text 150 %")
  }

  @Test func valuesOutsideTheAllowedOnesMakeNoProfile() {
    for name in ["391-light", "390-dim", "390-light-4x", "390-light-text250", "390", "390-light-1x", "390-light-x"] {
      #expect(DeviceProfile(name: name) == nil, "\(name)")
    }
  }
}
