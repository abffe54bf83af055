import type { engine as en } from '../en/engine.ts';

/**
 * Teks berbahasa Indonesia untuk area engine (kunci `engine.*`): lencana
 * engine dan kalimat yang menjelaskan mengapa halaman memakai engine Worker.
 * Nama produk (WebContainer, StackBlitz, Node, SharedArrayBuffer) dan nama
 * header tetap seperti aslinya.
 */
export const engine: Record<keyof typeof en, string> = {
  'engine.kind.worker': 'Engine Worker',
  'engine.kind.webcontainer': 'WebContainer (Node sungguhan)',
  'engine.kind.node': 'Node',
  'engine.kind.unknown': 'engine',
  'engine.state.idle': 'engine belum dijalankan',
  'engine.state.loading': 'engine sedang dimulai…',
  'engine.state.failed': 'engine gagal',
  'engine.pid': 'pid {pid}',
  'engine.noProcess': 'belum ada proses',
  'engine.runInNode': 'Jalankan di Node sungguhan',
  'engine.startingNode': 'Menyalakan Node sungguhan…',
  'engine.resetFiles': 'Kembalikan file',
  'engine.resetting': 'Mengembalikan…',

  'engine.reason.starting': 'Menyalakan Node sungguhan (WebContainer)…',
  'engine.reason.off': 'WebContainer dimatikan untuk kursus ini, jadi semua server berjalan di engine Worker.',
  'engine.reason.notIsolated':
    'WebContainer membutuhkan halaman yang cross-origin isolated, sedangkan halaman ini tidak (host-nya tidak mengirim header COOP dan COEP).',
  'engine.reason.fallback': 'Berjalan di engine Worker: {why}',
  'engine.reason.noEngine': 'Tidak ada engine yang bisa dijalankan: {detail}',
  'engine.reason.cannotReset': 'engine {kind} tidak bisa mengembalikan file-nya',
  'engine.reason.noFetchHandler': 'engine {kind} tidak bisa menjalankan fetch handler',
  'engine.reason.other': '{detail}',
  'engine.reason.noSharedArrayBuffer': 'WebContainer membutuhkan SharedArrayBuffer, dan browser ini tidak menyediakannya di sini.',
  'engine.reason.bootNotIsolated':
    'WebContainer membutuhkan halaman yang cross-origin isolated, sedangkan host ini tidak mengirim header isolasinya (Cross-Origin-Opener-Policy dan Cross-Origin-Embedder-Policy).',
  'engine.reason.offline': 'WebContainer membutuhkan jaringan (dimuat dari StackBlitz), sedangkan browser sedang offline.',
  'engine.reason.unreachable': 'WebContainer membutuhkan StackBlitz (dimuat dari stackblitz.com), tetapi halaman ini tidak bisa menjangkaunya: tidak ada jaringan, atau aksesnya diblokir.',
  'engine.reason.timeout': 'WebContainer tidak menyala dalam {seconds} detik: StackBlitz tidak bisa dijangkau (tidak ada jaringan, atau aksesnya diblokir).',
  'engine.reason.licenceMissing':
    'WebContainer tidak menyala dalam {seconds} detik. Situs ini tidak memasang API key StackBlitz, padahal kursus di domainnya sendiri membutuhkannya; jaringan ke StackBlitz mungkin juga diblokir.',
  'engine.reason.licenceRefused': 'StackBlitz menolak API key WebContainer milik situs ini: {detail}',
  'engine.reason.bootFailed': 'WebContainer gagal dinyalakan: {detail}',
};
