import type { facts as en } from '../en/facts.ts';

/** Teks berbahasa Indonesia untuk area facts (kunci `facts.*`): MeasuredFacts dan EverythingCredit. */
export const facts: Record<keyof typeof en, string> = {
  'facts.pair': '{name} ({n} token)',
  'facts.source': '{package} {version}, diukur {date}',
  'facts.sourceTokenizer': '{package} {version}, diukur {date}, dihitung dengan {tokenizer}',
  'facts.provenanceTitle': 'Asal angka-angka hasil pengukuran:',
  'facts.provenance': '{package} {version}, diukur pada {date}.',
  'facts.provenanceNode': '{package} {version}, dijalankan di Node {node} dan diukur pada {date}.',
  'facts.provenanceTokenizer': 'Jumlah token dihitung dengan {tokenizer}.',
  'facts.provenanceRepeat': 'Perintah {command} mengulang pengukuran ini, dan tes kursus gagal bila angka-angkanya tidak lagi cocok dengan paketnya.',
  'facts.everythingCredit':
    'Server referensi di halaman ini adalah {package} {version}, buatan proyek Model Context Protocol, yang berjalan tanpa diubah di browser Anda (dibundel bersama dependensinya; transport HTTP-nya tidak diikutkan).',
  'facts.everythingLicence': 'Lisensi server dan dependensinya',
};
