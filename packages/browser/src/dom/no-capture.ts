/** Elements whose subtree is never captured, nor recorded by replay. */
export const NO_CAPTURE = '.sdk-no-capture,[data-sdk-no-capture]';
