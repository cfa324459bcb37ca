// The users module's public face: the only file the rest of the server imports from it. User rows, password hashing
// and the owner's account.
export { ensureOwnerAccount } from './ensure-owner-account';
export { hashPassword, verifyPassword } from './password-hash';
export {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailConfirmed,
  setPasswordHash,
  setUserEmail,
} from './repository';
