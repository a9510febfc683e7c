/** adminContent: pages, news, contest, monitoring inbox and settings of the console (ru is the source catalogue). */
export const adminContent = {
  title: 'Контент и настройки',
};
