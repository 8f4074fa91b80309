"use client";

/** The server's answer to an upload: its status and JSON body (null when it was not JSON; status 0: no answer). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * POSTs a form once, with upload progress (XMLHttpRequest: fetch reports none). `done` gets the
 * status and the JSON body (null when the reply is not JSON), and the reply's headers; a network
 * error is status 0 with no body.
 */
export function xhrUpload(
  url: string,
  form: FormData,
  on: {
    progress: (fraction: number) => void;
    done: (answer: UploadAnswer, header: (name: string) => string | null) => void;
  },
): void {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", url);
  xhr.upload.onprogress = (ev) => ev.lengthComputable && on.progress(ev.loaded / ev.total);
  xhr.onload = () => {
    let body: unknown = null;
    try {
      body = JSON.parse(xhr.responseText);
    } catch {
      /* non-JSON reply: reported by the caller */
    }
    on.done({ status: xhr.status, body }, (name) => xhr.getResponseHeader(name));
  };
  xhr.onerror = () => on.done({ status: 0, body: null }, () => null);
  xhr.send(form);
}
