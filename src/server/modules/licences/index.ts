// The licences module's public face: the only file the rest of the server imports from it. Licence terms and licence
// certificates.
export { adoptStoreLicence } from './adopt-store-licence';
export { certificateNumberer } from './certificate-number';
export { certificatePdfOf } from './certificate-service';
export { licenceRoutes } from './routes';
export { currentTerms } from './terms-repository';
