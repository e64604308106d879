import { LazyMount, lazyWithPreload, useLazyDialog } from "~/components/ui/lazy-dialog";

const AboutDialogBody = lazyWithPreload(() => import("./about-dialog-body"));

/** The footer brand opens 'Om'. */
export function AboutDialog() {
  const { isMounted, triggerProps, bodyProps } = useLazyDialog(AboutDialogBody);
  return (
    <>
      <button
        {...triggerProps}
        className="rounded-md text-base font-bold text-brand-700 hover:underline dark:text-brand-300"
      >
        Quizkväll
      </button>
      <LazyMount isMounted={isMounted}>
        <AboutDialogBody {...bodyProps} />
      </LazyMount>
    </>
  );
}
