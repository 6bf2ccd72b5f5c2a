// XML reading and writing through @nodecfdi/cfdi-core (its DOM is @xmldom/xmldom). Reading is strict: the
// parser's warnings stop it too (unquoted or unseparated attributes), and documents with a DOCTYPE are
// refused before parsing, so no entity declarations and no external references are ever read.
import { type Document, DOMParser, type Element, type Node, XMLSerializer } from '@nodecfdi/cfdi-core';

export type XmlElement = Element;

export class XmlSyntaxError extends Error {}

// Characters XML 1.0 cannot carry (besides tab, LF and CR among the controls); xmldom lets them through.
const INVALID_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Parses a whole document; throws XmlSyntaxError (Spanish message, the parser's own in `cause`) when it is not well-formed, has a DTD or forbidden characters. */
export function parseXmlDocument(source: string): Document {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (/<!DOCTYPE/i.test(text)) throw new XmlSyntaxError('El XML no puede declarar DTD ni entidades');
  if (INVALID_CHARS.test(text)) throw new XmlSyntaxError('El XML contiene caracteres no permitidos');
  let document: Document;
  try {
    const parser = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    });
    document = parser.parseFromString(text, 'text/xml');
  } catch (error) {
    throw new XmlSyntaxError('El XML no está bien formado', { cause: error });
  }
  const root = document.documentElement;
  if (!root || document.doctype) throw new XmlSyntaxError('El XML no está bien formado');
  // Character references (&#7;) decode to characters XML forbids as well.
  const pending: Element[] = [root];
  for (let element = pending.pop(); element; element = pending.pop()) {
    for (const attribute of Array.from(element.attributes))
      if (INVALID_CHARS.test(attribute.value)) throw new XmlSyntaxError('El XML contiene caracteres no permitidos');
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 1) pending.push(child as Element);
      else if (INVALID_CHARS.test(child.nodeValue ?? '')) throw new XmlSyntaxError('El XML contiene caracteres no permitidos');
    }
  }
  return document;
}

/** The root element of a document (see parseXmlDocument). */
export function parseXml(source: string): Element {
  return parseXmlDocument(source).documentElement as Element;
}

/** The child elements of element with this namespace and local name. */
export function childrenOf(element: Element | undefined, ns: string, local: string): Element[] {
  return elementChildren(element).filter((c) => c.namespaceURI === ns && c.localName === local);
}

export function childOf(element: Element | undefined, ns: string, local: string): Element | undefined {
  return childrenOf(element, ns, local)[0];
}

export function elementChildren(element: Element | undefined): Element[] {
  return element ? Array.from(element.childNodes).filter((c): c is Element => c.nodeType === 1) : [];
}

/** An attribute's value, undefined when the attribute is absent. */
export function attributeOf(element: Element | undefined, name: string): string | undefined {
  return element?.hasAttribute(name) ? (element.getAttribute(name) ?? '') : undefined;
}

/** A node as XML text (an element keeps the namespace declarations it needs). */
export function xmlString(node: Node): string {
  return new XMLSerializer().serializeToString(node);
}

/** A text value as a CFDI carries it: controls out, whitespace collapsed as SAT's normalize-space does, trimmed. */
export function cleanValue(value: string): string {
  return value
    .replace(/[\u0000-\u001F\u007F\uFFFE\uFFFF]/g, ' ')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

/** normalize-space() of XPath 1.0. */
export function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').trim();
}
