test-seconds = { $secs ->
    [one] { $secs } Sekunde
   *[other] { $secs } Sekunden
}
