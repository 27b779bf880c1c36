print("nearby-bench: nothing yet")
