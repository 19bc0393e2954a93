"""付録 A: 総合演習（Bank.csv）。"""
