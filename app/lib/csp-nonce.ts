import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server/security-headers.ts), for the
 * document's inline scripts. The server render gets it from this context. In the browser it is read back
 * from the document's scripts (browsers hide it from the attribute but keep it in the `nonce` property),
 * so the hydrating render gives every element the same nonce the server did.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

let documentNonce: string | undefined;

function nonceOfDocument(): string | undefined {
  if (typeof document === "undefined") return undefined;
  documentNonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  return documentNonce;
}

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext) ?? nonceOfDocument();
}
