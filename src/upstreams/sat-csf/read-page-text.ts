import { type DefaultTreeAdapterTypes, parse } from "parse5";

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

/** What a CSF page says, read from its HTML tree: label/value rows, list items and messages in order. */
export type PageText = {
  /** Each table row whose first cell is a label ending in ":" and whose second cell is its value. */
  rows: { label: string; value: string }[];
  /** Text of every list item that holds no table (e.g. "El RFC: …, tiene asociada…"). */
  items: string[];
  /** PrimeFaces messages (`.ui-messages-*-detail`), e.g. SAT's "No se encontró información…". */
  messages: string[];
};

const isElement = (node: Node): node is Element => "tagName" in node;
const classOf = (element: Element) => element.attrs.find((attr) => attr.name === "class")?.value ?? "";
// Text as shown: runs of whitespace (the page wraps labels over lines) are one space.
const clean = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim();

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (!("childNodes" in node) || node.nodeName === "script" || node.nodeName === "style") return "";
  return node.childNodes.map((child) => textOf(child)).join("");
}

function contains(node: Node, tagName: string): boolean {
  if (!("childNodes" in node)) return false;
  return node.childNodes.some(
    (child) => (isElement(child) && child.tagName === tagName) || contains(child, tagName),
  );
}

/** Parses the HTML with a real parser (parse5) and walks it once. */
export function readPageText(html: string): PageText {
  const page: PageText = { rows: [], items: [], messages: [] };
  const visit = (node: Node) => {
    if (isElement(node)) {
      if (node.tagName === "tr") {
        const cells = node.childNodes.filter(
          (child): child is Element => isElement(child) && child.tagName === "td",
        );
        const label = cells.length === 2 ? clean(textOf(cells[0])) : "";
        if (label.endsWith(":") && !contains(cells[1], "table"))
          page.rows.push({ label: label.slice(0, -1).trim(), value: clean(textOf(cells[1])) });
      } else if (node.tagName === "li" && !contains(node, "table") && !contains(node, "li")) {
        page.items.push(clean(textOf(node)));
      } else if (/\bui-messages-\w+-detail\b/.test(classOf(node))) {
        page.messages.push(clean(textOf(node)));
      }
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return page;
}
