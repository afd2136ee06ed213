#ifndef KINETYPE_PREVIEW_PAGE_H
#define KINETYPE_PREVIEW_PAGE_H

#include <stddef.h>

/// One file's bytes, as embedded.
typedef struct {
    const unsigned char *bytes;
    size_t count;
} kt_preview_file;

/// The page (`Page/page.html`), its style sheet and its script, as they are in the source tree.
kt_preview_file kt_preview_page_html(void);
kt_preview_file kt_preview_page_css(void);
kt_preview_file kt_preview_page_js(void);

#endif
