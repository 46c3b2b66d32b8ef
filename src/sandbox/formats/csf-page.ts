// SAT's CSF QR page (research §2.6), in the markup of the saved real pages (test/fixtures/csf): a
// PrimeFaces mobile form, one list per section, label/value rows in data tables, dd-mm-YYYY dates.

type Row = [label: string, value: string];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char,
  );

/** YYYY-MM-DD → dd-mm-YYYY, as SAT writes dates. */
export const satDate = (iso: string) =>
  iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : "";

function section(index: number, title: string, rows: Row[]): string {
  const body = rows
    .map(
      ([label, value], i) =>
        `<tr data-ri="${i}" class="ui-widget-content ui-datatable-${i % 2 ? "odd" : "even"}" role="row">` +
        `<td role="gridcell"><span style="font-weight: bold;">${escapeHtml(label)}:</span></td>` +
        `<td role="gridcell" style="text-align:left;">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const id = `ubicacionForm:j_idt10:${index}:j_idt11`;
  return (
    `<ul id="${id}" data-role="listview" data-inset="data-inset" style="margin: 1em -15px;">` +
    `<li data-role="list-divider">${escapeHtml(title)}</li><li><table id="${id}:j_idt13" class="ui-panelgrid ui-widget prueba" role="grid"><tbody>` +
    `<tr class="ui-widget-content" role="row"><td role="gridcell"><div class="ui-datatable ui-widget hide-column-names">` +
    `<div class="ui-datatable-tablewrapper"><table role="grid"><tbody class="ui-datatable-data ui-widget-content">${body}` +
    "</tbody></table></div></div></td></tr></tbody></table></li></ul>"
  );
}

function page(content: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" ?>\n<!DOCTYPE html>\n<html><head>' +
    '<meta content="text/html; charset=UTF-8" http-equiv="Content-Type" /><title>Validador QR</title></head><body>' +
    '<center><img id="j_idt4" src="/app/qr/images/HACIENDA-SAT.jpg" alt="" width="320px" /></center>' +
    '<div id="pageContent" data-role="content"><form id="ubicacionForm" name="ubicacionForm" method="post" ' +
    'action="/app/qr/faces/pages/mobile/validadorqr.jsf" class="ui-content">' +
    `${content}</form></div></body></html>`
  );
}

type CsfPageSections = { identification: Row[]; location: Row[]; regimes: Row[] };

/** The page for a valid RFC + idCIF pair. */
export function buildCsfPage(rfc: string, sections: CsfPageSections): string {
  return page(
    '<ul id="ubicacionForm:j_idt8" data-role="listview" data-inset="data-inset" style="margin: 1em -15px;">' +
      `<li>El RFC: ${escapeHtml(rfc)}, tiene asociada la siguiente información.</li></ul>` +
      section(0, "Datos de Identificación", sections.identification) +
      section(1, "Datos de Ubicación (domicilio fiscal, vigente)", sections.location) +
      section(2, "Características fiscales (vigente)", sections.regimes),
  );
}

/** The page SAT shows for a pair it does not recognise (the saved satcfdi-invalid.html). */
export function buildCsfInvalidPage(): string {
  return page(
    '<fieldset id="ubicacionForm:j_idt6" class="ui-fieldset ui-widget ui-widget-content ui-corner-all">' +
      '<div class="ui-fieldset-content"><div id="ubicacionForm:panelMensajes" class="ui-grid-null prueba">' +
      '<div class="ui-block-a"><ul id="ubicacionForm:j_idt7" data-role="listview" data-inset="data-inset"><li>' +
      '<div class="ui-messages ui-widget" aria-live="polite"><div class="ui-messages-info ui-corner-all">' +
      '<span class="ui-messages-info-icon"></span><ul><li><span class="ui-messages-info-summary"></span>' +
      '<span class="ui-messages-info-detail">No se encontró información de la cédula de identificación fiscal ' +
      "para los datos proporcionados</span></li></ul></div></div></li></ul></div></div></div></fieldset>",
  );
}
