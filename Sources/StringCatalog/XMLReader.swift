import CLibXML2

/// An XML document read by libxml2's reader (opened when first needed, see CLibXML2), as a
/// small tree of Swift values: elements with the attributes asked for, their text and
/// their element children. No entity is substituted and nothing outside the bytes is
/// loaded; a document with a document type declaration (which could declare entities) is
/// refused, and so is any entity reference.
struct XMLReader {
  struct Element: Equatable {
    /// The local name (`trans-unit` for `<x:trans-unit>`).
    var name: String
    /// The namespace URI, empty when the element is in none.
    var namespace = ""
    /// Of the attribute names asked for, those the element has.
    var attributes: [String: String] = [:]
    /// The element's own text (text, CDATA and white space), in order; not its children's.
    var text = ""
    var children: [Element] = []

    func children(named name: String) -> [Element] { children.filter { $0.name == name } }
  }

  struct Failure: Error, CustomStringConvertible {
    /// 0 when unknown.
    var line: Int
    var message: String
    var description: String { line > 0 ? "line \(line): \(message)" : message }
  }

  /// The root element of `bytes`.
  /// - Parameter attributes: the attribute names to keep (qualified names, e.g. `xml:lang`).
  static func root(of bytes: [UInt8], attributes: [String]) throws(Failure) -> Element {
    guard bytes.count < Int(Int32.max) else { throw Failure(line: 0, message: "larger than libxml2 reads") }
    // Safety: libxml2 reads from this copy until the reader is closed; it is freed after
    // (defers run last first), and libxml2 never writes to it.
    let storage = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(bytes.count, 1))
    defer { storage.deallocate() }
    for (index, byte) in bytes.enumerated() { storage[index] = CChar(bitPattern: byte) }
    var reader = tts_xml_reader()
    let opened = tts_xml_reader_open(&reader, storage.baseAddress, Int32(bytes.count))
    defer { tts_xml_reader_close(&reader) }
    guard opened == 0 else { throw Failure(line: 0, message: Self.error(of: &reader)) }
    // Parents of the element being read, innermost last.
    var stack: [Element] = []
    var root: Element?
    while true {
      let step = tts_xml_reader_read(&reader)
      if step < 0 { throw Failure(line: Int(reader.error_line), message: Self.error(of: &reader)) }
      if step == 0 { break }
      switch Int(tts_xml_reader_node_type(&reader)) {
      case Int(TTS_XML_ELEMENT):
        var element = Element(
          name: tts_xml_reader_local_name(&reader).map { String(cString: $0) } ?? "",
          namespace: tts_xml_reader_namespace_uri(&reader).map { String(cString: $0) } ?? "")
        for name in attributes {
          var buffer = [CChar](repeating: 0, count: 4096)
          let length = buffer.withUnsafeMutableBufferPointer {
            tts_xml_reader_attribute(&reader, name, $0.baseAddress, Int32($0.count))
          }
          if length >= 0 {
            element.attributes[name] = String(
              decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
          }
        }
        if tts_xml_reader_is_empty(&reader) != 0 {
          if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        } else {
          stack.append(element)
        }
      case Int(TTS_XML_END_ELEMENT):
        guard let element = stack.popLast() else { break }
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
      case Int(TTS_XML_TEXT), Int(TTS_XML_CDATA), Int(TTS_XML_WHITESPACE), Int(TTS_XML_SIGNIFICANT_WHITESPACE):
        if !stack.isEmpty, let value = tts_xml_reader_value(&reader) {
          stack[stack.count - 1].text += String(cString: value)
        }
      case Int(TTS_XML_DOCUMENT_TYPE):
        throw Failure(
          line: 0,
          message: "a document type declaration (<!DOCTYPE …>) is not accepted: an XLIFF file has none")
      case Int(TTS_XML_ENTITY_REFERENCE):
        throw Failure(
          line: 0,
          message: "the entity reference &\(tts_xml_reader_local_name(&reader).map { String(cString: $0) } ?? "");"
            + " is not accepted: write the text itself")
      default:
        continue
      }
    }
    guard let root else { throw Failure(line: 0, message: "no root element") }
    return root
  }

  private static func error(of reader: inout tts_xml_reader) -> String {
    withUnsafeBytes(of: &reader.error) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
