#include "CWebPShims.h"
#include <webp/decode.h>
#include <webp/encode.h>

int kt_webp_encode_lossless(const uint8_t *rgba, int width, int height, int stride, int method,
                            uint8_t **output, size_t *size) {
    WebPConfig config;
    if (!WebPConfigInit(&config)) return -1;
    config.lossless = 1;
    config.exact = 1;       // frames compare equal to the PNGs pixel for pixel, alpha 0 included
    config.method = method;
    config.quality = 0;     // with lossless: effort, not fidelity; the least is fastest
    if (!WebPValidateConfig(&config)) return -1;

    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return -1;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, stride)) { WebPPictureFree(&picture); return -1; }

    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    int error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) { WebPMemoryWriterClear(&writer); return error > 0 ? error : -1; }
    *output = writer.mem;
    *size = writer.size;
    return 0;
}

uint8_t *kt_webp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height) {
    return WebPDecodeRGBA(data, size, width, height);
}

void kt_webp_free(void *pointer) { WebPFree(pointer); }
