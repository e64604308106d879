import { createContext, useContext } from "react";

/** The browser reads it back from the scripts' `nonce` property (hidden from the attribute). */
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
