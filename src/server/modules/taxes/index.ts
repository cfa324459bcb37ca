// The taxes module's public face: the only file the rest of the server imports from it. VAT: the tax of an order,
// business buyers, invoices and credit notes (as listeners of the order's events), the tax report.
export { findOrderDocuments } from './document-repository';
export type { OrderDocumentRow } from './document-repository';
export { taxDocumentRoutes } from './document-routes';
export { documentOfOrder, documentRefsOf } from './document-service';
export { taxDocumentPdf } from './document-pdf';
export { registerTaxListeners } from './listeners';
export { chargesTax, taxOrder, taxSummaryOfQuote } from './order-tax';
export type { OrderTax, OrderTaxDeps } from './order-tax';
export { adminTaxRoutes } from './tax-admin-routes';
export { TableTaxCalculator } from './table-tax-calculator';
export type { TaxAnswer, TaxCalculator, TaxQuestion } from './tax-calculator';
export type { TaxedLine } from './tax-lines';
export { ViesCache } from './vies-cache';
