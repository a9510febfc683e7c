/** Demo content shared by the seed and the test factories. */
export const demoContent = {
  pages: [
    {
      slug: 'rules',
      title: { ru: 'Правила обмена', en: 'Exchange rules' },
      body: { ru: 'Правила сервиса.', en: 'Service rules.' },
    },
  ],
};
